hey -n 20 -c 10 -t 1 http://127.0.0.1:18080/sleep
