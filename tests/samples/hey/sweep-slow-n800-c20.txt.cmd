hey -n 800 -c 20 http://127.0.0.1:18080/slow
