/** The returns module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { returnsRoutes } from './returns.routes';
export { returnApprovalKind } from './decisions.service';
