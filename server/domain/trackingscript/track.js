/* OpenAffiliate tracking script: keeps the aff_click of an affiliate's link in a first-party cookie
   for the attribution window and hands it to the checkout. No dependencies, no other requests.
   <script src="https://PLATFORM/track.js" data-days="30" async></script> */
(function (w, d) {
  var name = 'aff_click';
  var script = d.currentScript;
  var days = Math.min(Math.max(parseInt((script && script.getAttribute('data-days')) || '30', 10) || 30, 1), 365);
  var valid = /^[A-Za-z0-9._~-]{1,100}$/;

  function read() {
    var m = d.cookie.match(/(?:^|;\s*)aff_click=([^;]*)/);
    return m && valid.test(m[1]) ? m[1] : null;
  }

  function keep(id) {
    d.cookie = name + '=' + id + ';path=/;max-age=' + days * 86400 + ';SameSite=Lax' + (w.location.protocol === 'https:' ? ';Secure' : '');
  }

  try {
    var m = w.location.search.match(/[?&]aff_click=([^&#]*)/);
    var id = m ? decodeURIComponent(m[1]) : null;
    if (id && valid.test(id)) keep(id);
  } catch (e) {
    /* a malformed address: keep what was kept before */
  }

  var current = read();
  /* For the shop's checkout code: send it as click_id with POST /api/v1/conversions/process. */
  w.OpenAffiliate = { clickId: read };
  /* On Shopify, the cart carries it to the order's note_attributes, which the webhook reads. */
  if (current && w.Shopify && w.fetch) {
    w.fetch('/cart/update.js', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ attributes: { aff_click: current } }),
    }).catch(function () {});
  }
})(window, document);
