wrk -t2 -c20 -d3s --latency http://127.0.0.1:18080/fast
