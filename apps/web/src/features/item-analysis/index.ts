export { itemAnalysisQueryOptions, useItemAnalysis } from './api/get-item-analysis';
export { ItemAnalysisSummary } from './components/item-analysis-summary';
export { ItemBadges } from './components/item-badges';
export { ITEM_ORDERS, type ItemOrder, itemComparator, statisticsById } from './model/item-order';
