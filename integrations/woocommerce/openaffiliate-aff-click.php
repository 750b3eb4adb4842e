<?php
/**
 * Plugin Name: OpenAffiliate click for WooCommerce orders
 * Description: Copies the aff_click cookie that OpenAffiliate's /track.js keeps into the order's meta (_aff_click) at checkout, so the order webhook attributes the order to the affiliate's click, and each line's product category slugs into the line's meta (_aff_categories), for per-product rates by category.
 * Version: 1.1.0
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

/**
 * Keeps each order line's product category slugs in the line's meta (_aff_categories), so a
 * campaign's product rate that matches by category (docs/product.md §6.1) can match the line:
 * WooCommerce's order webhook lists a line's product id and SKU but not its categories. A
 * variation's categories are its parent product's. The key starts with an underscore, so shoppers
 * and emails do not see it; the REST API (and so the webhook) lists it in the line's meta_data.
 *
 * Both checkouts create their lines through WC_Checkout::create_order_line_items, which fires
 * this hook (the block checkout's Store API calls it too).
 *
 * @param WC_Order_Item_Product $item          The line being created.
 * @param string                $cart_item_key The cart item's key.
 * @param array                 $values        The cart item.
 * @param WC_Order              $order         The order being created.
 */
function openaffiliate_categories_to_line( $item, $cart_item_key, $values, $order ) {
	$product_id = $item->get_product_id();
	if ( ! $product_id ) {
		return;
	}
	$slugs = wc_get_product_terms( $product_id, 'product_cat', array( 'fields' => 'slugs' ) );
	if ( is_array( $slugs ) && array() !== $slugs ) {
		$item->update_meta_data( '_aff_categories', array_values( array_slice( $slugs, 0, 50 ) ) );
	}
}

add_action( 'woocommerce_checkout_create_order_line_item', 'openaffiliate_categories_to_line', 10, 4 );
