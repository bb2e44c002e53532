export { MemberCharts } from './member-charts';
export { AdminCharts } from './admin-charts';
