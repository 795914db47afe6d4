# compose.yaml's backends for deploy/varnish/explore.vcl: two web instances, chosen in turn among the healthy.
import directors;

probe ready {
    .url = "/api/health/ready";
    .interval = 5s;
    .timeout = 2s;
    .window = 5;
    .threshold = 3;
}

backend web1 {
    .host = "web1";
    .port = "3000";
    .probe = ready;
}

backend web2 {
    .host = "web2";
    .port = "3000";
    .probe = ready;
}

# Only the compose network's own addresses (the worker's purger) may purge.
acl purgers {
    "127.0.0.1";
    "::1";
    "10.0.0.0"/8;
    "172.16.0.0"/12;
    "192.168.0.0"/16;
}

sub vcl_init {
    new web = directors.round_robin();
    web.add_backend(web1);
    web.add_backend(web2);
}

sub vcl_recv {
    set req.backend_hint = web.backend();
}
