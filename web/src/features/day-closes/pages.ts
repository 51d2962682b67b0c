export { DayClosePage } from './DayClosePage';
export { DayCloseListPage } from './DayCloseListPage';
export { DayCloseDetailPage } from './DayCloseDetailPage';
export { DayClosePrintPage } from './DayClosePrintPage';
export { OverShortReportPage } from './OverShortReportPage';
