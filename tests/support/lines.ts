import type { Line } from '../../server/modules/compensation/engine';

/** Engine lines as plain objects with their explanations, for comparing two runs (a line works its explanation out when it is read). */
export const withExplanations = (lines: Line[]) =>
  lines.map((l) => ({ memberId: l.memberId, member: l.member, type: l.type, amount: l.amount, explanation: l.explanation, adjustmentId: l.adjustmentId }));
