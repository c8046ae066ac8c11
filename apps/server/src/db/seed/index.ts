export {
  countSeededRows,
  isDatabaseEmpty,
  type SeededTable,
  seedDemoData,
  seededTables,
} from './seed-demo-data.ts';
export { checkDemoData } from './seed-plan.ts';
