/** The audit module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { audit, auditEntry } from './audit.service';
