vcl 4.1;

# Explore's shared cache for signed-out visitors (docs/operations.md, "Varnish"). Explore says what may be
# shared (Cache-Control: public, s-maxage, stale-while-revalidate) and what each answer shows (the xkey header:
# space-separated tags); this file decides what is never shared, whatever Explore says:
# - a request with a cookie or credentials goes straight to Explore and its answer is never stored;
# - only 200s without Set-Cookie whose Cache-Control is public are stored;
# - client navigations (RSC requests) are stored apart from documents;
# - a stored answer past its time is served while it is fetched again (grace, from stale-while-revalidate);
# - a 500 to a GET or HEAD is asked for once more (a page caught rendering by a database outage gets the 503);
# - PURGE with an xkey-purge header (tags separated by spaces) forgets every answer carrying any of them,
#   from the addresses in the `purgers` ACL only.
#
# The deployment's own parts come from backends.vcl, looked up in vcl_path: the backends (and a director
# choosing among them in vcl_recv) and `acl purgers`. deploy/varnish.sh puts the right one first in the path.

import xkey;

include "backends.vcl";

sub vcl_recv {
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Purging is not allowed from this address."));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "A purge names its tags in the xkey-purge header."));
        }
        # A hard purge: a listing taken down must not be served even once more while it is fetched again.
        set req.http.xkey-purged = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.xkey-purged + " objects."));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Whatever name or spelling a session cookie has, a request with any cookie at all (or credentials) may be
    # someone's own: never served from the store, and its answer never stored.
    if (req.http.Cookie || req.http.Authorization || req.http.Proxy-Authorization || req.http.Next-Action) {
        return (pass);
    }
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    # A client navigation is answered with an RSC payload that differs by these headers; a document request
    # carries none of them, so the two never share an entry.
    hash_data("rsc:" + req.http.RSC);
    hash_data("tree:" + req.http.Next-Router-State-Tree);
    hash_data("prefetch:" + req.http.Next-Router-Prefetch);
    hash_data("segment:" + req.http.Next-Router-Segment-Prefetch);
    hash_data("url:" + req.http.Next-Url);
    return (lookup);
}

sub vcl_backend_response {
    # A page that was rendering when PostgreSQL went away, and stayed away, ends in a 500: Next chose the status
    # before Explore could choose 503. Asked once more, Explore answers 503 with Retry-After while the outage goes on
    # (lib/foundations/db/outage.ts), or the page once it is over. GET and HEAD only, and once.
    if (beresp.status == 500 && bereq.retries == 0 && (bereq.method == "GET" || bereq.method == "HEAD")) {
        return (retry);
    }
    if (bereq.uncacheable) {
        return (deliver);
    }
    if (beresp.status != 200
        || beresp.http.Set-Cookie
        || beresp.http.Cache-Control !~ "(?i)(^|,)\s*public\s*(,|$)"
        || beresp.http.Cache-Control ~ "(?i)(^|,)\s*(private|no-store|no-cache)\b"
        || beresp.ttl <= 0s) {
        # Not stored (`public, max-age=0` included: no default grace for it); requests meanwhile go to Explore one by
        # one (hit-for-miss), and the next shareable answer is stored.
        set beresp.ttl = 5s;
        set beresp.grace = 0s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Varnish takes the time to live from s-maxage (else max-age) and grace from stale-while-revalidate.
    return (deliver);
}

sub vcl_deliver {
    # The tags are for purging here; nobody outside needs them.
    unset resp.http.xkey;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "pass";
    } elsif (obj.ttl < 0s) {
        # Past its time, served while it is fetched again.
        set resp.http.X-Cache = "stale";
    } elsif (obj.hits > 0) {
        set resp.http.X-Cache = "hit";
    } else {
        set resp.http.X-Cache = "miss";
    }
}
