// The one DOM helper the page's modules share.

/** An element: h("button", {type: "button", class: "x", onclick: f}, "text", child). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c != null) node.append(c);
  return node;
}

export const $ = id => document.getElementById(id);

/** Save `blob` as a file named `name` (the browser's download). */
export function saveFile(name, blob) {
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Copy the text of `field` (an input or a textarea, selected first: should the
 * clipboard refuse, Ctrl+C copies it); whether the clipboard took it. */
export async function copyField(field) {
  field.select();
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    return false;
  }
}
