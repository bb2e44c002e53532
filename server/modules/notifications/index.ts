/** The notifications module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { notify, notifyAdmins, workDone } from './notifications.service';
