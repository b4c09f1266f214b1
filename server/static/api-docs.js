// Renders openapi.json as a list of operations with their request and answer schemas (no third-party code).
(function () {
  var root = document.getElementById('paths');
  var filter = document.getElementById('filter');
  var doc = null;

  function resolve(schema) {
    if (schema && schema.$ref) {
      var name = schema.$ref.split('/').pop();
      return doc.components.schemas[name] || schema;
    }
    return schema;
  }

  function block(title, schema) {
    var wrap = document.createElement('div');
    var h = document.createElement('strong');
    h.textContent = title;
    var pre = document.createElement('pre');
    pre.textContent = JSON.stringify(resolve(schema), null, 2);
    wrap.appendChild(h);
    wrap.appendChild(pre);
    return wrap;
  }

  function render() {
    var needle = (filter.value || '').toLowerCase();
    root.textContent = '';
    Object.keys(doc.paths).sort().forEach(function (path) {
      if (needle && path.toLowerCase().indexOf(needle) === -1) return;
      var ops = doc.paths[path];
      Object.keys(ops).forEach(function (method) {
        var op = ops[method];
        if (typeof op !== 'object' || !op.responses) return;
        var d = document.createElement('details');
        var s = document.createElement('summary');
        var m = document.createElement('span');
        m.className = 'm ' + method;
        m.textContent = method.toUpperCase();
        s.appendChild(m);
        s.appendChild(document.createTextNode(' /api/v1' + path.replace(/^\/api\/v1/, '') + (op.summary ? ' — ' + op.summary : '')));
        d.appendChild(s);
        var body = op.requestBody && op.requestBody.content;
        if (body) {
          var type = Object.keys(body)[0];
          d.appendChild(block('Request (' + type + ')', body[type].schema));
        }
        (op.parameters || []).forEach(function (p) {
          d.appendChild(block('Parameter ' + p.name + ' in ' + p.in, p.schema));
        });
        Object.keys(op.responses).forEach(function (code) {
          var content = op.responses[code].content;
          var schema = content && content['application/json'] && content['application/json'].schema;
          d.appendChild(block('Answer ' + code, schema || op.responses[code].description));
        });
        root.appendChild(d);
      });
    });
  }

  fetch('/api/v1/openapi.json').then(function (r) { return r.json(); }).then(function (json) {
    doc = json;
    render();
  }).catch(function () { root.textContent = 'Could not load openapi.json'; });
  filter.addEventListener('input', function () { if (doc) render(); });
})();
