// The rules in the page: the variant's own rules text (what `tablerummy rules` prints),
// for the variant and options asked, in a dialog of the lobby or the table.
import { api, el, toast } from "/static/common.js";

function dialog() {
  let node = document.getElementById("rules");
  if (!node) {
    node = el("dialog", { id: "rules", "aria-labelledby": "rules-title" },
      el("h3", { id: "rules-title", tabindex: "-1", text: "Rules" }),
      el("div", { id: "rules-body", class: "rules-body" }),
      el("div", { class: "row" }, el("button", { id: "rules-close", class: "primary", text: "Close",
        onclick: () => node.close() })));
    document.body.append(node);
  }
  return node;
}

export async function openRules(variant, options) {
  let found;
  try {
    const query = options ? `?options=${encodeURIComponent(JSON.stringify(options))}` : "";
    found = await api(`/api/rules/${encodeURIComponent(variant)}${query}`);
  } catch (err) { toast(err.message); return; }
  const node = dialog();
  document.getElementById("rules-title").textContent = `Rules: ${found.title}`;
  // the server renders its own Markdown with raw HTML off: this is the rules text only
  document.getElementById("rules-body").innerHTML = found.html;
  if (!node.open) node.showModal();
  node.scrollTop = 0;
  document.getElementById("rules-title").focus();
}
