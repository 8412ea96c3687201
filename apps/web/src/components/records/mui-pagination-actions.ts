// What MUI's TablePagination imports as its default actions in the build (vite.config.ts,
// paginationActions): the console's own, without Tooltip.
export { PaginationActions as default } from './pagination-actions';
