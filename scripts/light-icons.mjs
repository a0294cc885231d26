// Vite plugin (issue 25; docs/client.md, "Less to take over: icons from their markup"): each
// `lucide-react/icons/<name>` import becomes src/client/components/ui/light-icon.tsx over that icon's own data, read
// from lucide at build time. The client build and the server's drawing of member screens both use it, so the browser
// takes over the same markup the server drew.
import path from "node:path";
import { fileURLToPath } from "node:url";

const ICON_IMPORT = /^lucide-react\/icons\/([a-z0-9-]+)$/;
const VIRTUAL_PREFIX = "\0light-icon:";
const LIGHT_ICON = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/client/components/ui/light-icon.tsx",
);

const escapeAttribute = (value) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** The icon's paths as SVG markup, without React's keys; lucide's default classes with its aliases'. */
async function iconOf(name) {
  const { __iconData: icon } = await import(`lucide-react/icons/${name}`);
  if (!icon || icon.size !== 24) throw new Error(`lucide-react/icons/${name}: not a 24 px lucide icon`);
  const markup = icon.node
    .map(([tag, attributes, children]) => {
      if (children)
        throw new Error(`lucide-react/icons/${name}: nested elements are not drawn by light-icon.tsx`);
      const drawn = Object.entries(attributes)
        .filter(([attribute]) => attribute !== "key")
        .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
        .join("");
      return `<${tag}${drawn}></${tag}>`;
    })
    .join("");
  const classNames = [
    "lucide",
    `lucide-${icon.name}`,
    ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`),
  ];
  return { markup, classNames: classNames.join(" ") };
}

export function lightIcons() {
  return {
    name: "jargon-light-icons",
    enforce: "pre",
    resolveId(source) {
      const match = ICON_IMPORT.exec(source);
      return match ? VIRTUAL_PREFIX + match[1] : null;
    },
    async load(id) {
      if (!id.startsWith(VIRTUAL_PREFIX)) return null;
      const { markup, classNames } = await iconOf(id.slice(VIRTUAL_PREFIX.length));
      return (
        `import { lightIcon } from ${JSON.stringify(LIGHT_ICON)};\n` +
        `export default /* @__PURE__ */ lightIcon(${JSON.stringify(classNames)}, ${JSON.stringify(markup)});\n`
      );
    },
  };
}
