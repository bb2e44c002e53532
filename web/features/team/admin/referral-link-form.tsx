import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ReferralGenerateRequest, type ReferralGenerateResponse } from '@contracts';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/mutation';
import { schemaResolver } from '../../../lib/admin/queries';
import { ChoiceGroup } from '../../../components/admin/choice-group';
import { ParentPicker } from './parent-picker';
import { ReferralLinkResult } from './referral-link-result';
import { useGenerateReferralLink, type PlacementParent } from './recruits-api';
import { FormFooter } from '../../../components/ui/dialog';

type Values = { placementType: string; placementSide: string; parentId: string };
const FIELDS = ['placementType', 'placementSide', 'parentId'] as const;

const TYPES = [
  { value: 'auto', label: 'Auto', description: "The root's leg with fewer members" },
  { value: 'strategic', label: 'Strategic', description: 'Under a member you choose' },
  { value: 'root', label: 'Root', description: 'A side of the root, with spillover' },
];

function sideHint(type: string, parent: PlacementParent | null): string {
  if (type === 'auto') return 'Chosen automatically: the weaker leg of the root.';
  if (type === 'root') return 'If that side of the root is taken, the recruit spills over to the first free slot of that leg.';
  if (!parent) return 'Pick a parent first; only its free sides can be chosen.';
  if (parent.leftFree && parent.rightFree) return `Both sides of ${parent.name} are free.`;
  return `Only the ${parent.leftFree ? 'left' : 'right'} side of ${parent.name} is free.`;
}

/**
 * Generate Referral Link (doc 2 §2.7, §5): placement type, side and, for strategic links, a parent
 * with a free side. The answer's URL is shown with a Copy button and its 48-hour validity.
 */
export function ReferralLinkForm({ onBusyChange, onCancel }: { onBusyChange?: (busy: boolean) => void; onCancel: () => void }) {
  const [parent, setParent] = useState<PlacementParent | null>(null);
  const [result, setResult] = useState<ReferralGenerateResponse | null>(null);
  const generate = useGenerateReferralLink();
  const form = useForm<Values, unknown, z.output<typeof ReferralGenerateRequest>>({
    resolver: schemaResolver<Values, typeof ReferralGenerateRequest>(ReferralGenerateRequest),
    defaultValues: { placementType: 'auto', placementSide: '', parentId: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const type = form.watch('placementType');
  const side = form.watch('placementSide');
  useEffect(() => onBusyChange?.(isSubmitting), [isSubmitting, onBusyChange]);

  // Each type keeps only what it uses: auto has no side, only strategic has a parent.
  useEffect(() => {
    if (type === 'auto') form.setValue('placementSide', '');
    if (type === 'root' && !side) form.setValue('placementSide', 'left');
    if (type === 'strategic' && !parent) form.setValue('placementSide', '');
    // Reacting to the type only; the side and parent are read at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type]);

  function pickParent(p: PlacementParent) {
    setParent(p);
    form.setValue('parentId', p.id, { shouldValidate: form.formState.isSubmitted });
    const free = (s: string) => (s === 'left' ? p.leftFree : s === 'right' ? p.rightFree : false);
    if (!free(side)) form.setValue('placementSide', p.leftFree ? 'left' : p.rightFree ? 'right' : '', { shouldValidate: form.formState.isSubmitted });
  }

  const onSubmit = form.handleSubmit(async (v) => {
    const body = {
      placementType: v.placementType,
      placementSide: v.placementType === 'auto' ? undefined : v.placementSide,
      parentId: v.placementType === 'strategic' ? v.parentId : undefined,
    };
    const res = await generate.run(body, { setError: form.setError, fields: FIELDS });
    if (!res.ok) return;
    if (!res.data?.url) {
      toastError('No URL received from server');
      return;
    }
    setResult({ url: res.data.url, expiresAt: res.data.expiresAt ?? '' });
    toast({ title: 'Referral link generated', description: 'Valid for 48 hours and for one registration.', variant: 'success' });
  });

  if (result) {
    const where =
      type === 'strategic' && parent
        ? `${side === 'right' ? 'Right' : 'Left'} of ${parent.name} (${parent.userId})`
        : type === 'root'
          ? `${side === 'right' ? 'Right' : 'Left'} of the root`
          : 'Auto: the weaker leg';
    return (
      <ReferralLinkResult
        result={result}
        placement={where}
        onAnother={() => {
          setResult(null);
          setParent(null);
          form.reset();
        }}
        onDone={onCancel}
      />
    );
  }

  const sideDisabled = type === 'auto' || (type === 'strategic' && !parent);
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-5">
      <ChoiceGroup idPrefix="ref-type" legend="Placement type" columns={3} choices={TYPES} registration={form.register('placementType')} error={errors.placementType?.message} />
      {type === 'strategic' ? <ParentPicker value={parent} onChange={pickParent} error={errors.parentId?.message} /> : null}
      <ChoiceGroup
        idPrefix="ref-side"
        legend="Placement side"
        disabled={sideDisabled}
        choices={[
          { value: 'left', label: 'Left', disabled: type === 'strategic' && !!parent && !parent.leftFree },
          { value: 'right', label: 'Right', disabled: type === 'strategic' && !!parent && !parent.rightFree },
        ]}
        registration={form.register('placementSide')}
        error={errors.placementSide?.message}
        hint={sideHint(type, parent)}
      />
      <FormFooter onCancel={onCancel} busy={isSubmitting}>
        {isSubmitting ? 'Generating...' : 'Generate Referral Link'}
      </FormFooter>
    </form>
  );
}
