# compose.yaml's backends for deploy/varnish/explore.vcl: two web instances, chosen in turn among the healthy. An MCP
# client that sends an Mcp-Session-Id stays on one instance: the one that asked its person to confirm an action must
# get the answer (lib/edges/agent-mcp/elicitation.ts).
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
    new sticky = directors.hash();
    sticky.add_backend(web1, 1.0);
    sticky.add_backend(web2, 1.0);
}

sub vcl_recv {
    if (req.http.Mcp-Session-Id) {
        set req.backend_hint = sticky.backend(req.http.Mcp-Session-Id);
    } else {
        set req.backend_hint = web.backend();
    }
}
