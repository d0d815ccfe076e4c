import babel from '@rolldown/plugin-babel'

/**
 * Compiles Lingui's macros (`msg`, `t`, `Trans`) to plain message descriptors and calls. The page's build, the
 * sync worker's and the service worker's all need it: the command catalogue (src/commands) declares its
 * rejection texts with `msg`, and every one of them imports it.
 */
export function linguiMacro() {
  return babel({ plugins: ['@lingui/babel-plugin-lingui-macro'], exclude: [/node_modules/] })
}
