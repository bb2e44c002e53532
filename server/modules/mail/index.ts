/** The mail module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { queueMail } from './mail.service';
