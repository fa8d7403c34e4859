hey -z 2s -c 10 http://127.0.0.1:18080/slow
