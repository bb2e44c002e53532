import { ChevronRight, CornerLeftUp, Home } from 'lucide-react';
import type { BinaryTreeResponse } from '@contracts';
import { Button } from '../../../components/ui/button';

/** From the viewer down to the viewed root; every earlier step opens that member's tree again. */
export function TreeBreadcrumb({ path, omitted, onOpen }: { path: BinaryTreeResponse['path']; omitted: number; onOpen: (id: string | null) => void }) {
  if (path.length <= 1) return null;
  // With a shortened path the step above the viewed root is only known when it is still listed.
  const parentIndex = path.length - 2;
  const parentKnown = parentIndex > 0 || omitted === 0;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <nav aria-label="Tree path">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          {path.map((step, i) => {
            const last = i === path.length - 1;
            return (
              <li key={step.id} className="flex items-center gap-1">
                {i > 0 ? <ChevronRight aria-hidden="true" className="size-4 text-slate-400" /> : null}
                {i === 1 && omitted > 0 ? (
                  <>
                    <span aria-hidden="true" className="text-slate-500">
                      …
                    </span>
                    <span className="sr-only">
                      {omitted} more {omitted === 1 ? 'member' : 'members'}
                    </span>
                    <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />
                  </>
                ) : null}
                {last ? (
                  <span aria-current="page" className="font-semibold text-slate-900">
                    {step.name}
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() => onOpen(i === 0 ? null : step.id)}
                    className="inline-flex cursor-pointer items-center gap-1 rounded font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
                  >
                    {i === 0 ? (
                      <>
                        <Home aria-hidden="true" className="size-3.5" /> My Tree
                      </>
                    ) : (
                      step.name
                    )}
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      </nav>
      {parentKnown ? (
        <Button size="sm" variant="outline" onClick={() => onOpen(parentIndex === 0 ? null : path[parentIndex].id)}>
          <CornerLeftUp aria-hidden="true" className="size-4" /> Up one level
        </Button>
      ) : null}
    </div>
  );
}
