// Shows what the tracking script kept, as a shop's checkout code would read it.
document.getElementById('click-id').textContent = (window.OpenAffiliate && window.OpenAffiliate.clickId()) || 'none';
