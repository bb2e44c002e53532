/** The grievance module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { flagOverdueGrievances } from './grievance.service';
export { grievanceOfficerContact } from './grievance-settings.service';
export { addWorkingHours, addCalendarMonths } from './business-hours';
