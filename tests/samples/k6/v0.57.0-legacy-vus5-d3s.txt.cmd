k6 run --vus 5 --duration 3s --no-usage-report --no-color -e BASE_URL=http://127.0.0.1:18080 --summary-export tests/samples/k6/v0.57.0-legacy-vus5-d3s.json scripts/samples/k6-script.js
