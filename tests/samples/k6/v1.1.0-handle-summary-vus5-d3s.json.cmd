k6 run --vus 5 --duration 3s --no-usage-report --no-color -e BASE_URL=http://127.0.0.1:18080 -e SUMMARY_FILE=summary.json scripts/samples/k6-handle-summary.js
