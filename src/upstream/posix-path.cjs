// Node's `path`, as far as the JavaScript (fetch) and Java (OkHttp) snippet writers of postman-code-generators read
// it in the browser: `path.sep`, to take a file name from an upload's path (postman-codegens.ts).
module.exports = {sep: '/'};
