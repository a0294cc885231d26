import { lazy } from "react";

// Recharts is about 100 KB gzipped: the charts are their own chunk, fetched when ChartCard draws one (issue 25).
const charts = () => import("./charts");

export const LazyForecastChart = lazy(() => charts().then((module) => ({ default: module.ForecastChart })));
export const LazyRetentionChart = lazy(() => charts().then((module) => ({ default: module.RetentionChart })));
export const LazyTopicsChart = lazy(() => charts().then((module) => ({ default: module.TopicsChart })));
