/** The grievance module's face: what other modules may use (docs/ARCHITECTURE.md, "Modules and their faces"). */
export { grievanceOfficerContact, flagOverdueGrievances } from './grievance.service';
export { addWorkingHours, addCalendarMonths } from './business-hours';
