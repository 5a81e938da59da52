# Varnish in front of Vitrine (docs/deployment.md). Tested by server/http/varnish.integration.test.ts
# with Debian's varnish 7.1: `varnishd -f varnish.vcl -a :80`. Set the backend to your app server(s)
# and SHARED_CACHE_PURGE_URL on each app server to this Varnish (e.g. http://127.0.0.1:80/).
vcl 4.1;

import cookie;

backend shop {
  .host = "127.0.0.1";
  .port = "3000";
}

# Who may purge: the app servers.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  # The app sends `PURGE` with the changed tags (`p:<product id> …`) or `*` for every page.
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(405, "Purging is not allowed from here."));
    }
    if (req.http.X-Purge-Tags == "*") {
      ban("obj.status != 0");
    } elsif (req.http.X-Purge-Tags ~ "^p:[0-9a-f-]{36}( p:[0-9a-f-]{36})*$") {
      # Whole words of the tag list (a ban's regular expression cannot hold a space).
      ban("obj.http.Cache-Tag ~ (^|\s)(" + regsuball(req.http.X-Purge-Tags, " ", "|") + ")(\s|$)");
    } else {
      return (synth(400, "X-Purge-Tags must be * or p:<product id> words."));
    }
    return (synth(200, "Purged."));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }

  # The page's language is part of the key. The app reads the `language` cookie, else the browser's
  # languages; here the browser's first one decides, and the app gets exactly the language keyed on.
  cookie.parse(req.http.Cookie);
  set req.http.X-Shop-Language = cookie.get("language");
  if (req.http.X-Shop-Language !~ "^(en|de)$") {
    if (req.http.Accept-Language ~ "^\s*[Dd][Ee]\b") {
      set req.http.X-Shop-Language = "de";
    } else {
      set req.http.X-Shop-Language = "en";
    }
  }
  set req.http.Accept-Language = req.http.X-Shop-Language;

  # Cookies do not keep a request from the cache: the app decides which answers are shared (s-maxage)
  # and which are personal (private, no-store), and a shared page holds nothing personal.
  return (hash);
}

sub vcl_hash {
  hash_data(req.http.X-Shop-Language);
  # Varnish's own vcl_hash adds the URL and the host.
}

sub vcl_backend_response {
  # Only what the app marks as shared is kept; personal answers and anything setting a cookie pass.
  if (beresp.http.Cache-Control !~ "s-maxage" || beresp.http.Set-Cookie) {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # The key holds the language already; varying on Cookie would keep one copy per visitor.
  set beresp.http.Vary = "Accept-Encoding";
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
}
