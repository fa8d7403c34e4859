wrk2 -t1 -c4 -d12s -R100 -U --latency http://127.0.0.1:18090/flaky
