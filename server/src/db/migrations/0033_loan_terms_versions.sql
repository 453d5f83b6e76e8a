-- Loans move onto the product kit's versioned terms (0032): a loan product's money terms become its
-- product_terms versions (kind 'loan', product id = loan_products.id); loan_products keeps the product's identity
-- (code, name) and state (active). A loan still copies every term into its own row at application, and now also
-- the id of the version it copied (terms_version_id), so a later version only reaches later applications.

-- Version 1 of every existing product: its terms as they stand.
INSERT INTO product_terms (product_kind, product_id, version, terms, effective_from, created_by, created_at)
SELECT 'loan', id::text, 1,
       jsonb_build_object('asset', asset, 'minAmount', trim_scale(min_amount)::text, 'maxAmount', trim_scale(max_amount)::text,
                          'termDays', term_days, 'dailyRate', trim_scale(daily_rate)::text, 'lateDailyRate', trim_scale(late_daily_rate)::text,
                          'repaymentMethod', repayment_method),
       created_at, 'migration-0033', updated_at
  FROM loan_products ORDER BY id;

-- A loan applied for from now on names its version. Existing loans are linked to version 1 where their copied
-- terms are its terms; a loan applied for under terms an operator has since changed keeps NULL: its own columns
-- are its frozen terms, and the version it was made under was never recorded.
ALTER TABLE loans ADD COLUMN terms_version_id bigint REFERENCES product_terms (id);
UPDATE loans l SET terms_version_id = t.id
  FROM product_terms t
 WHERE t.product_kind = 'loan' AND t.product_id = l.product_id::text AND t.version = 1
   AND t.terms->>'asset' = l.asset AND (t.terms->>'termDays')::integer = l.term_days
   AND (t.terms->>'dailyRate')::numeric = l.daily_rate AND (t.terms->>'lateDailyRate')::numeric = l.late_daily_rate
   AND t.terms->>'repaymentMethod' = l.repayment_method;

ALTER TABLE loan_products DROP COLUMN asset, DROP COLUMN min_amount, DROP COLUMN max_amount, DROP COLUMN term_days,
  DROP COLUMN daily_rate, DROP COLUMN late_daily_rate, DROP COLUMN repayment_method;
