wrk -t1 -c4 -d4s --latency http://127.0.0.1:18080/sleep
