// An Rsbuild plugin every app (host and remotes) builds with: the Module Federation runtime's
// packages are bundled from their ES module files rather than their CommonJS ones. Rspack finds
// the runtime with require.resolve, which picks each package's CommonJS build, and CommonJS cannot
// be tree-shaken: every remote entry carried the SDK whole (its loaders for Node, its manifest
// reader, which only the host's runtime uses). From the ES modules only what the page calls is
// kept: a remote entry 16.0 -> 9.8 KB compressed, the host's entry 42.4 -> 37.3 KB
// (docs/decisions.md, "The Module Federation runtime from its ES modules").

/** A runtime package's CommonJS file, as resolved; each has an ES module twin beside it (.js). */
const RUNTIME_COMMONJS_FILE =
  /[\\/]@module-federation[\\/](sdk|runtime|runtime-core|webpack-bundler-runtime|error-codes)[\\/]dist[\\/].*\.cjs$/;

// The parts of Rsbuild's and Rspack's APIs this plugin uses (the shared folder does not depend on them).
interface ResolveData {
  request: string;
  createData?: { resource?: string };
}
interface RspackApi {
  NormalModuleReplacementPlugin: new (test: RegExp, replace: (data: ResolveData) => void) => unknown;
}
interface ModifyRspackConfigApi {
  modifyRspackConfig(hook: (config: { plugins?: unknown[] }, utils: { rspack: RspackApi }) => void): void;
}

const moduleTwin = (file: string) => file.replace(/\.cjs$/, '.js');

export function pluginFederationRuntimeModules() {
  return {
    name: 'admin:federation-runtime-modules',
    setup(api: ModifyRspackConfigApi) {
      api.modifyRspackConfig((config, { rspack }) => {
        // Called before resolving (the request) and after (the file found): the runtime's own
        // aliases name the CommonJS files, and its CommonJS files require each other.
        const replacement = new rspack.NormalModuleReplacementPlugin(RUNTIME_COMMONJS_FILE, (data) => {
          if (data.createData?.resource) data.createData.resource = moduleTwin(data.createData.resource);
          else data.request = moduleTwin(data.request);
        });
        config.plugins = [...(config.plugins ?? []), replacement];
      });
    },
  };
}
