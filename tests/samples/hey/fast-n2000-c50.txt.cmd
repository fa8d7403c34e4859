hey -n 2000 -c 50 http://127.0.0.1:18080/fast
