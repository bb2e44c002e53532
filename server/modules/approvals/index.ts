/** The approvals module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { payloadKind, requestApproval, requestMemberApproval } from './approval-kind';
export type { ApprovalKindDef } from './approval-kind';
