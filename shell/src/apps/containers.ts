/** The element each application renders into: one per application, inside the frame's outlet. */
export function containerFor(name: string, doc: Document = document): HTMLElement {
  const id = `app-${name}`;
  let element = doc.getElementById(id);
  if (!element) {
    element = doc.createElement('div');
    element.id = id;
    element.dataset.testid = id;
    element.className = 'meridian-app';
    (doc.getElementById('meridian-outlet') ?? doc.body).appendChild(element);
  }
  return element;
}
