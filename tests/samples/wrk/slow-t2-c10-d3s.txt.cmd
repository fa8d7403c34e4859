wrk -t2 -c10 -d3s http://127.0.0.1:18080/slow
