// k6 script for capture.sh: the run of k6-script.js, its end-of-test data
// written by handleSummary as JSON to the file SUMMARY_FILE names (what a
// user's `handleSummary(data) { return { "summary.json": JSON.stringify(data) } }`
// writes; no text summary is printed then).
export { options, default } from "./k6-script.js";

export function handleSummary(data) {
  return { [__ENV.SUMMARY_FILE]: JSON.stringify(data, null, 2) };
}
