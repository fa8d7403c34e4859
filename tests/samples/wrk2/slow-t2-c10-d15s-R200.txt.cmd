wrk2 -t2 -c10 -d15s -R200 --latency http://127.0.0.1:18090/slow
