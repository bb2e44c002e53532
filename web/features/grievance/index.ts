export { MemberGrievances } from './member-grievances';
