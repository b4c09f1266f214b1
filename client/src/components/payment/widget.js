/* The CloudPayments widget (PAYMENT_PROVIDER=cloudpayments): the script is loaded on demand from the origin the
 * server names (the CSP allows it only when that adapter is on), then `charge` opens the card form. The callbacks
 * only make the panel poll at once: the payment is confirmed by the provider's signed notification, never here. */
let loading = null;

export function loadWidgetScript(src) {
  if (typeof window !== 'undefined' && window.cp) return Promise.resolve(window.cp);
  if (loading) return loading;
  loading = new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => (window.cp ? resolve(window.cp) : reject(new Error('widget missing')));
    script.onerror = () => {
      loading = null;
      reject(new Error('widget unavailable'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

export async function openWidget(widget, language, { onSuccess, onFail }) {
  const cp = await loadWidgetScript(widget.script_url);
  const payments = new cp.CloudPayments({ language: widget.options.language || language });
  payments[widget.method || 'charge'](widget.options, onSuccess, onFail);
}
