/** The charts' code and styles, loaded by `LazyChart` only when a chart is about to be seen. */
import "@mantine/charts/styles.css";

export { BarChart, LineChart } from "@mantine/charts";
