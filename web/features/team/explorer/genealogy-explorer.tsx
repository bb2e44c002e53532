import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { ArrowDownLeft, ArrowDownRight, Maximize2, Minus, Plus } from 'lucide-react';
import type { BinaryTreeResponse, TreeNode } from '@contracts';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { QueryError } from '../../../components/ui/query-error';
import { InlineLoader } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { toastError } from '../../../lib/mutation';
import { memberName } from '../format';
import { useExpandNode, useExplorerTree, useFindExtreme, type ExplorerScope } from './explorer-api';
import { ExplorerNode, type NodeHandlers } from './explorer-node';
import { ExplorerSearch } from './explorer-search';
import { MemberCardDialog } from './member-card-dialog';
import { buildShown, moveFrom, type Move } from './visible-tree';

const LEVELS = [2, 3, 4, 5] as const;
const MIN_ZOOM = 0.2;
const MAX_ZOOM = 1.5;
const KEYS: Record<string, Move> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right', Home: 'home', End: 'end' };
const clamp = (k: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, k));

interface View {
  x: number;
  y: number;
  k: number;
}

/** Pan (drag, or the wheel), zoom (Ctrl + wheel, a pinch on a touchpad, or the buttons) and fit to the viewport. */
function usePanZoom() {
  const viewport = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const drag = useRef<{ id: number; x: number; y: number; vx: number; vy: number; moved: boolean } | null>(null);
  const moved = useRef(false);

  const zoomAt = useCallback((factor: number, cx?: number, cy?: number) => {
    setView((v) => {
      const el = viewport.current;
      const px = cx ?? (el ? el.clientWidth / 2 : 0);
      const py = cy ?? (el ? el.clientHeight / 2 : 0);
      const k = clamp(v.k * factor);
      return { k, x: px - ((px - v.x) * k) / v.k, y: py - ((py - v.y) * k) / v.k };
    });
  }, []);

  const fit = useCallback(() => {
    const el = viewport.current;
    const inner = content.current;
    if (!el || !inner) return;
    // Below the zoom buttons at the top right.
    const top = 56;
    const k = clamp(Math.min(1, (el.clientWidth - 24) / inner.offsetWidth, (el.clientHeight - top - 12) / inner.offsetHeight));
    setView({ k, x: (el.clientWidth - inner.offsetWidth * k) / 2, y: top });
  }, []);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      if (e.ctrlKey || e.metaKey) zoomAt(Math.exp(-e.deltaY * 0.0025), e.clientX - r.left, e.clientY - r.top);
      else setView((v) => ({ ...v, x: v.x - e.deltaX, y: v.y - e.deltaY }));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomAt]);

  const handlers = {
    onPointerDown: (e: PointerEvent<HTMLDivElement>) => {
      if (e.button !== 0 || (e.target as HTMLElement).closest('button')) return;
      drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, vx: view.x, vy: view.y, moved: false };
      moved.current = false;
    },
    onPointerMove: (e: PointerEvent<HTMLDivElement>) => {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (!d.moved && Math.hypot(dx, dy) < 6) return;
      if (!d.moved) {
        d.moved = true;
        moved.current = true;
        e.currentTarget.setPointerCapture(e.pointerId);
      }
      setView((v) => ({ ...v, x: d.vx + dx, y: d.vy + dy }));
    },
    onPointerUp: (e: PointerEvent<HTMLDivElement>) => {
      if (drag.current?.moved) e.currentTarget.releasePointerCapture(e.pointerId);
      drag.current = null;
    },
    // Focus moved by the keyboard scrolls the node into view: that scroll becomes a pan of the drawing.
    onScroll: () => {
      const el = viewport.current;
      if (!el || (!el.scrollLeft && !el.scrollTop)) return;
      const { scrollLeft, scrollTop } = el;
      el.scrollLeft = 0;
      el.scrollTop = 0;
      setView((v) => ({ ...v, x: v.x - scrollLeft, y: v.y - scrollTop }));
    },
  };
  // A click that ends a drag opens nothing.
  const dragging = useCallback(() => {
    const was = moved.current;
    moved.current = false;
    return was;
  }, []);
  return { viewport, content, view, zoomAt, fit, handlers, dragging };
}

/**
 * The genealogy explorer (issue 15): a member explores their downline, an admin the whole tree. Two to five levels
 * at a time, one request per expansion below; search by user ID or name with the path to each match; jump to the
 * extreme left or right (where spillover lands); each node's rank, status, members per leg, BV per leg this cycle
 * and carry; a node opens the member's card. Arrow keys move between nodes, Enter loads the levels below or opens
 * the card.
 */
export function GenealogyExplorer({ scope }: { scope: ExplorerScope }) {
  const [rootId, setRootId] = useState<string | null>(null);
  const [depth, setDepth] = useState<number>(3);
  const [expanded, setExpanded] = useState<Record<string, TreeNode>>({});
  const [focusId, setFocusId] = useState<string | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const [card, setCard] = useState<TreeNode | null>(null);
  const [status, setStatus] = useState('');
  const tree = useExplorerTree(scope, rootId, depth);
  const expand = useExpandNode(scope, depth);
  const findExtreme = useFindExtreme(scope);
  const pz = usePanZoom();
  const keyMoved = useRef(false);

  const data: BinaryTreeResponse | undefined = tree.data;
  const shown = useMemo(() => (data ? buildShown(data, expanded) : null), [data, expanded]);
  const current = focusId && shown?.index.byId.has(focusId) ? focusId : (shown?.root.node.id ?? '');

  const goTo = useCallback((id: string | null, message?: string) => {
    setRootId(id);
    setExpanded({});
    setFocusId(id);
    setCard(null);
    if (message) setStatus(message);
  }, []);

  // A new view (another root or depth) is fitted once its answer is drawn.
  const fitted = useRef<string>('');
  const { fit } = pz;
  useEffect(() => {
    if (!data || tree.isPlaceholderData) return;
    const key = `${data.id}:${depth}`;
    if (fitted.current === key) return;
    fitted.current = key;
    requestAnimationFrame(fit);
  }, [data, depth, tree.isPlaceholderData, fit]);

  // Focus follows the keyboard (not a click or a new answer).
  useEffect(() => {
    if (!keyMoved.current) return;
    keyMoved.current = false;
    pz.viewport.current?.querySelector<HTMLElement>(`[data-node-id="${current}"]`)?.focus();
  }, [current, pz.viewport]);

  const onExpand = useCallback(
    async (id: string) => {
      setLoading(id);
      try {
        const sub = await expand(id);
        setExpanded((e) => ({ ...e, [id]: sub }));
        setStatus(`Loaded ${Math.max(sub.depth, 1)} more level${sub.depth === 1 ? '' : 's'} below ${memberName(sub)}.`);
      } catch (err) {
        toastError(errorMessage(err, 'Could not load the levels below. Please try again.'));
      } finally {
        setLoading(null);
      }
    },
    [expand],
  );

  const jump = async (side: 'left' | 'right') => {
    try {
      const end = await findExtreme(side, rootId);
      goTo(end.id, `Extreme ${side}: ${end.name} (${end.userId}), ${end.levelsBelow} level${end.levelsBelow === 1 ? '' : 's'} below.`);
    } catch (err) {
      toastError(errorMessage(err, 'Could not find the extreme member. Please try again.'));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!shown) return;
    const target = (e.target as HTMLElement).closest<HTMLElement>('[data-node-id]');
    const id = target?.dataset.nodeId;
    if (!id || target !== e.target) return;
    const move = KEYS[e.key];
    if (move) {
      e.preventDefault();
      keyMoved.current = true;
      setFocusId(moveFrom(shown.index, id, move));
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const s = shown.index.byId.get(id);
      if (e.key === 'Enter' && s?.more) void onExpand(id);
      else if (s) setCard(s.node);
    }
  };

  const handlers: NodeHandlers = { focusId: current, loading, onOpen: setCard, onExpand: (id) => void onExpand(id), dragging: pz.dragging };

  return (
    <div className="space-y-3">
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4 lg:flex-row lg:items-end">
        <div className="min-w-0 flex-1">
          <ExplorerSearch scope={scope} onPick={(r) => goTo(r.id, `Showing ${r.name} (${r.userId}), ${r.levelsBelow} levels below.`)} />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="space-y-1.5">
            <label htmlFor={`${scope}-explorer-depth`} className="block text-sm font-medium text-slate-700">
              Levels shown
            </label>
            <Select
              id={`${scope}-explorer-depth`}
              value={depth}
              onChange={(e) => {
                setDepth(Number(e.target.value));
                setExpanded({});
              }}
              className="w-28"
            >
              {LEVELS.map((n) => (
                <option key={n} value={n}>
                  {n} levels
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" onClick={() => void jump('left')}>
            <ArrowDownLeft aria-hidden="true" className="size-4" /> Extreme left
          </Button>
          <Button variant="outline" onClick={() => void jump('right')}>
            <ArrowDownRight aria-hidden="true" className="size-4" /> Extreme right
          </Button>
        </div>
      </div>

      {data ? (
        <nav aria-label="Genealogy path" className="flex flex-wrap items-center gap-1 text-sm">
          {data.path.map((p, i) => (
            <span key={p.id} className="flex items-center gap-1">
              {i > 0 ? (
                <span aria-hidden="true" className="text-slate-400">
                  ›
                </span>
              ) : null}
              {i === 1 && data.pathOmitted > 0 ? (
                <span className="text-slate-600">
                  … {data.pathOmitted} more{' '}
                  <span aria-hidden="true" className="text-slate-400">
                    ›
                  </span>
                </span>
              ) : null}
              {i === data.path.length - 1 ? (
                <span aria-current="page" className="font-semibold text-slate-900">
                  {p.name}
                </span>
              ) : (
                <button type="button" onClick={() => goTo(i === 0 && scope === 'member' ? null : p.id)} className="rounded font-medium text-brand-700 hover:underline">
                  {p.name}
                </button>
              )}
            </span>
          ))}
          {rootId ? (
            <button type="button" onClick={() => goTo(null)} className="ml-2 rounded text-xs font-medium text-slate-600 underline-offset-2 hover:underline">
              Back to the top
            </button>
          ) : null}
        </nav>
      ) : null}

      <p aria-live="polite" className="text-xs text-slate-600 empty:hidden">
        {status}
      </p>

      {tree.isError && !data ? (
        <QueryError title="Could not load the tree" error={tree.error} onRetry={() => void tree.refetch()} retrying={tree.isFetching} />
      ) : !shown ? (
        <InlineLoader label="Loading the tree..." />
      ) : (
        <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-slate-50">
          <div className="absolute top-2 right-2 z-20 flex items-center gap-1 rounded-lg border border-slate-200 bg-white/95 p-1 shadow-sm">
            <Button variant="ghost" size="icon" aria-label="Zoom out" onClick={() => pz.zoomAt(1 / 1.25)}>
              <Minus aria-hidden="true" className="size-4" />
            </Button>
            <span className="w-11 text-center text-xs text-slate-700 tabular-nums" aria-label="Zoom level">
              {Math.round(pz.view.k * 100)}%
            </span>
            <Button variant="ghost" size="icon" aria-label="Zoom in" onClick={() => pz.zoomAt(1.25)}>
              <Plus aria-hidden="true" className="size-4" />
            </Button>
            <Button variant="ghost" size="icon" aria-label="Fit to screen" onClick={pz.fit} icon={Maximize2}></Button>
          </div>
          <div ref={pz.viewport} {...pz.handlers} onKeyDown={onKeyDown} className="relative h-[62vh] min-h-80 cursor-grab touch-none overflow-hidden select-none active:cursor-grabbing">
            <div
              ref={pz.content}
              role="tree"
              aria-label="Genealogy tree"
              aria-busy={tree.isFetching || undefined}
              className="absolute top-0 left-0 w-max origin-top-left p-2"
              style={{ transform: `translate(${pz.view.x}px, ${pz.view.y}px) scale(${pz.view.k})` }}
            >
              <ExplorerNode shown={shown.root} h={handlers} posinset={1} />
            </div>
          </div>
          <p className="border-t border-slate-200 bg-white px-3 py-2 text-xs text-slate-600">
            Drag to move, Ctrl + wheel or the buttons to zoom. Keyboard: arrow keys move between members, Enter loads the levels below or opens the card.
          </p>
        </div>
      )}

      {card ? <MemberCardDialog node={card} pairing={data?.pairing} onClose={() => setCard(null)} onViewFrom={(id) => goTo(id)} /> : null}
    </div>
  );
}
