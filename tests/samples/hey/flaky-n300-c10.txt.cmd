hey -n 300 -c 10 http://127.0.0.1:18080/flaky
