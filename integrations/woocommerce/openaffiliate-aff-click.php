<?php
/**
 * Plugin Name: OpenAffiliate click for WooCommerce orders
 * Description: Copies the aff_click cookie that OpenAffiliate's /track.js keeps into the order's meta (_aff_click) at checkout, so the order webhook attributes the order to the affiliate's click.
 * Version: 1.0.0
 * Requires Plugins: woocommerce
 * License: MIT
 *
 * Install: copy this file into wp-content/plugins/ (or wp-content/mu-plugins/) and activate it.
 * The store's pages must load the tracking script:
 *   <script src="https://PLATFORM/track.js" data-days="30" async></script>
 */

defined( 'ABSPATH' ) || exit;

/**
 * The click id the tracking script kept, when it is one: the same rule as track.js
 * (1 to 100 of A-Z a-z 0-9 . _ ~ -). Anything else is dropped, never cleaned into something else.
 */
function openaffiliate_aff_click_from_cookie() {
	if ( ! isset( $_COOKIE['aff_click'] ) ) {
		return '';
	}
	$id = sanitize_text_field( wp_unslash( $_COOKIE['aff_click'] ) );
	return preg_match( '/^[A-Za-z0-9._~-]{1,100}$/', $id ) ? $id : '';
}

/**
 * Sets the order's meta _aff_click to the cookie's click id, unless it has one already (set by
 * another path). The order is saved after these hooks by WooCommerce itself.
 *
 * @param WC_Order $order The order being created.
 */
function openaffiliate_aff_click_to_order( $order ) {
	$id = openaffiliate_aff_click_from_cookie();
	if ( '' !== $id && '' === (string) $order->get_meta( '_aff_click' ) ) {
		$order->update_meta_data( '_aff_click', $id );
	}
}

// The classic checkout: before the new order is saved.
add_action( 'woocommerce_checkout_create_order', 'openaffiliate_aff_click_to_order', 10, 1 );

// The block checkout (Store API): when the order is filled from the checkout request.
add_action( 'woocommerce_store_api_checkout_update_order_from_request', 'openaffiliate_aff_click_to_order', 10, 1 );
