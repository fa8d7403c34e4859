wrk -t1 -c8 -d2s --latency http://127.0.0.1:18080/flaky
