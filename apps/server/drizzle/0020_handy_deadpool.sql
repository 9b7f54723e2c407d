DROP INDEX "counterparties_name_idx";--> statement-breakpoint
DROP INDEX "counterparties_inn_idx";--> statement-breakpoint
DROP INDEX "counterparties_client_idx";--> statement-breakpoint
DROP INDEX "counterparties_contractor_idx";--> statement-breakpoint
DROP INDEX "counterparties_credit_limit_idx";--> statement-breakpoint
DROP INDEX "counterparties_segment_idx";--> statement-breakpoint
DROP INDEX "counterparties_black_list_idx";--> statement-breakpoint
DROP INDEX "counterparties_first_contact_idx";--> statement-breakpoint
DROP INDEX "counterparties_created_at_idx";--> statement-breakpoint
DROP INDEX "counterparties_updated_at_idx";--> statement-breakpoint
DROP INDEX "counterparty_agreements_number_idx";--> statement-breakpoint
DROP INDEX "counterparty_agreements_date_idx";--> statement-breakpoint
DROP INDEX "counterparty_agreements_valid_from_idx";--> statement-breakpoint
DROP INDEX "counterparty_agreements_valid_until_idx";--> statement-breakpoint
DROP INDEX "counterparty_agreements_updated_at_idx";--> statement-breakpoint
DROP INDEX "counterparty_bank_accounts_primary_idx";--> statement-breakpoint
DROP INDEX "counterparty_bank_accounts_updated_at_idx";--> statement-breakpoint
DROP INDEX "counterparty_drivers_name_idx";--> statement-breakpoint
DROP INDEX "counterparty_drivers_updated_at_idx";--> statement-breakpoint
DROP INDEX "counterparty_vehicles_plate_idx";--> statement-breakpoint
DROP INDEX "counterparty_vehicles_updated_at_idx";--> statement-breakpoint
DROP INDEX "jobs_number_idx";--> statement-breakpoint
DROP INDEX "jobs_contractor_name_idx";--> statement-breakpoint
DROP INDEX "jobs_dispatch_date_idx";--> statement-breakpoint
DROP INDEX "jobs_delivery_date_idx";--> statement-breakpoint
DROP INDEX "jobs_cost_amount_idx";--> statement-breakpoint
DROP INDEX "jobs_finance_control_status_idx";--> statement-breakpoint
DROP INDEX "jobs_completion_date_idx";--> statement-breakpoint
DROP INDEX "jobs_created_at_idx";--> statement-breakpoint
DROP INDEX "jobs_updated_at_idx";--> statement-breakpoint
DROP INDEX "orders_number_idx";--> statement-breakpoint
DROP INDEX "orders_client_name_idx";--> statement-breakpoint
DROP INDEX "orders_transport_type_idx";--> statement-breakpoint
DROP INDEX "orders_dispatch_date_idx";--> statement-breakpoint
DROP INDEX "orders_delivery_date_idx";--> statement-breakpoint
DROP INDEX "orders_finance_control_status_idx";--> statement-breakpoint
DROP INDEX "orders_cargo_insurance_status_idx";--> statement-breakpoint
DROP INDEX "orders_tnved_control_status_idx";--> statement-breakpoint
DROP INDEX "orders_transfers_status_idx";--> statement-breakpoint
DROP INDEX "orders_marking_status_idx";--> statement-breakpoint
DROP INDEX "orders_completion_date_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "orders_updated_at_idx";--> statement-breakpoint
DROP INDEX "agreement_types_name_idx";--> statement-breakpoint
DROP INDEX "agreement_types_name_en_idx";--> statement-breakpoint
DROP INDEX "agreement_types_updated_at_idx";--> statement-breakpoint
DROP INDEX "banks_name_idx";--> statement-breakpoint
DROP INDEX "banks_swift_idx";--> statement-breakpoint
DROP INDEX "banks_updated_at_idx";--> statement-breakpoint
DROP INDEX "contact_info_types_name_idx";--> statement-breakpoint
DROP INDEX "contact_info_types_name_en_idx";--> statement-breakpoint
DROP INDEX "counterparty_features_name_idx";--> statement-breakpoint
DROP INDEX "counterparty_features_name_en_idx";--> statement-breakpoint
DROP INDEX "counterparty_features_updated_at_idx";--> statement-breakpoint
DROP INDEX "counterparty_statuses_name_idx";--> statement-breakpoint
DROP INDEX "counterparty_statuses_name_en_idx";--> statement-breakpoint
DROP INDEX "counterparty_statuses_updated_at_idx";--> statement-breakpoint
DROP INDEX "countries_name_idx";--> statement-breakpoint
DROP INDEX "countries_name_en_idx";--> statement-breakpoint
DROP INDEX "countries_updated_at_idx";--> statement-breakpoint
DROP INDEX "courier_delivery_services_name_idx";--> statement-breakpoint
DROP INDEX "courier_delivery_services_name_en_idx";--> statement-breakpoint
DROP INDEX "courier_delivery_services_updated_at_idx";--> statement-breakpoint
DROP INDEX "currencies_name_idx";--> statement-breakpoint
DROP INDEX "currencies_name_en_idx";--> statement-breakpoint
DROP INDEX "currencies_minor_units_idx";--> statement-breakpoint
DROP INDEX "currencies_updated_at_idx";--> statement-breakpoint
DROP INDEX "file_tag_types_name_idx";--> statement-breakpoint
DROP INDEX "file_tag_types_name_en_idx";--> statement-breakpoint
DROP INDEX "file_tag_types_updated_at_idx";--> statement-breakpoint
DROP INDEX "finance_control_status_reasons_name_en_idx";--> statement-breakpoint
DROP INDEX "finance_control_status_reasons_updated_at_idx";--> statement-breakpoint
DROP INDEX "holidays_name_idx";--> statement-breakpoint
DROP INDEX "holidays_name_en_idx";--> statement-breakpoint
DROP INDEX "holidays_updated_at_idx";--> statement-breakpoint
DROP INDEX "legal_entities_name_idx";--> statement-breakpoint
DROP INDEX "legal_entities_updated_at_idx";--> statement-breakpoint
DROP INDEX "material_assets_name_idx";--> statement-breakpoint
DROP INDEX "material_assets_kind_idx";--> statement-breakpoint
DROP INDEX "material_assets_acquisition_date_idx";--> statement-breakpoint
DROP INDEX "material_assets_cost_idx";--> statement-breakpoint
DROP INDEX "material_assets_updated_at_idx";--> statement-breakpoint
DROP INDEX "payment_forms_updated_at_idx";--> statement-breakpoint
DROP INDEX "request_offer_types_name_idx";--> statement-breakpoint
DROP INDEX "request_offer_types_name_en_idx";--> statement-breakpoint
DROP INDEX "request_offer_types_updated_at_idx";--> statement-breakpoint
DROP INDEX "service_offices_code_idx";--> statement-breakpoint
DROP INDEX "service_offices_address_idx";--> statement-breakpoint
DROP INDEX "service_offices_updated_at_idx";--> statement-breakpoint
DROP INDEX "vehicle_types_name_idx";--> statement-breakpoint
DROP INDEX "vehicle_types_name_en_idx";--> statement-breakpoint
DROP INDEX "vehicle_types_transport_type_idx";--> statement-breakpoint
DROP INDEX "vehicle_types_capacity_kg_idx";--> statement-breakpoint
DROP INDEX "vehicle_types_volume_m3_idx";--> statement-breakpoint
DROP INDEX "customs_points_name_idx";--> statement-breakpoint
DROP INDEX "customs_points_name_en_idx";--> statement-breakpoint
DROP INDEX "customs_points_updated_at_idx";--> statement-breakpoint
DROP INDEX "customs_responsibilities_name_en_idx";--> statement-breakpoint
DROP INDEX "customs_responsibilities_updated_at_idx";--> statement-breakpoint
DROP INDEX "job_types_name_idx";--> statement-breakpoint
DROP INDEX "job_types_name_en_idx";--> statement-breakpoint
DROP INDEX "job_types_updated_at_idx";--> statement-breakpoint
DROP INDEX "loading_unloading_methods_name_idx";--> statement-breakpoint
DROP INDEX "loading_unloading_methods_name_en_idx";--> statement-breakpoint
DROP INDEX "products_name_idx";--> statement-breakpoint
DROP INDEX "products_name_en_idx";--> statement-breakpoint
DROP INDEX "products_max_dispatch_points_idx";--> statement-breakpoint
DROP INDEX "products_max_delivery_points_idx";--> statement-breakpoint
DROP INDEX "products_updated_at_idx";--> statement-breakpoint
DROP INDEX "services_name_idx";--> statement-breakpoint
DROP INDEX "services_name_en_idx";--> statement-breakpoint
DROP INDEX "services_transport_type_idx";--> statement-breakpoint
DROP INDEX "services_updated_at_idx";--> statement-breakpoint
DROP INDEX "shipment_terms_name_idx";--> statement-breakpoint
DROP INDEX "shipment_terms_name_en_idx";--> statement-breakpoint
DROP INDEX "shipment_terms_type_idx";--> statement-breakpoint
DROP INDEX "shipment_terms_updated_at_idx";--> statement-breakpoint
DROP INDEX "stage_types_name_idx";--> statement-breakpoint
DROP INDEX "stage_types_pcc_name_idx";--> statement-breakpoint
DROP INDEX "stage_types_ops_name_idx";--> statement-breakpoint
DROP INDEX "stage_types_sort_order_idx";--> statement-breakpoint
DROP INDEX "stage_types_updated_at_idx";--> statement-breakpoint
DROP INDEX "users_contact_name_idx";--> statement-breakpoint
DROP INDEX "users_contact_email_idx";--> statement-breakpoint
DROP INDEX "users_last_login_at_idx";--> statement-breakpoint
CREATE INDEX "counterparties_name_idx" ON "counterparties" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "counterparties_inn_idx" ON "counterparties" USING btree ("inn","id");--> statement-breakpoint
CREATE INDEX "counterparties_client_idx" ON "counterparties" USING btree ("client","id");--> statement-breakpoint
CREATE INDEX "counterparties_contractor_idx" ON "counterparties" USING btree ("contractor","id");--> statement-breakpoint
CREATE INDEX "counterparties_credit_limit_idx" ON "counterparties" USING btree ("credit_limit","id");--> statement-breakpoint
CREATE INDEX "counterparties_segment_idx" ON "counterparties" USING btree ("segment","id");--> statement-breakpoint
CREATE INDEX "counterparties_black_list_idx" ON "counterparties" USING btree ("black_list","id");--> statement-breakpoint
CREATE INDEX "counterparties_first_contact_idx" ON "counterparties" USING btree ("first_contact","id");--> statement-breakpoint
CREATE INDEX "counterparties_created_at_idx" ON "counterparties" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "counterparties_updated_at_idx" ON "counterparties" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_number_idx" ON "counterparty_agreements" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_date_idx" ON "counterparty_agreements" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_valid_from_idx" ON "counterparty_agreements" USING btree ("valid_from","id");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_valid_until_idx" ON "counterparty_agreements" USING btree ("valid_until","id");--> statement-breakpoint
CREATE INDEX "counterparty_agreements_updated_at_idx" ON "counterparty_agreements" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "counterparty_bank_accounts_primary_idx" ON "counterparty_bank_accounts" USING btree ("primary","id");--> statement-breakpoint
CREATE INDEX "counterparty_bank_accounts_updated_at_idx" ON "counterparty_bank_accounts" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "counterparty_drivers_name_idx" ON "counterparty_drivers" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "counterparty_drivers_updated_at_idx" ON "counterparty_drivers" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "counterparty_vehicles_plate_idx" ON "counterparty_vehicles" USING btree ("plate","id");--> statement-breakpoint
CREATE INDEX "counterparty_vehicles_updated_at_idx" ON "counterparty_vehicles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "jobs_number_idx" ON "jobs" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "jobs_contractor_name_idx" ON "jobs" USING btree ("contractor_name","id");--> statement-breakpoint
CREATE INDEX "jobs_dispatch_date_idx" ON "jobs" USING btree ("dispatch_date","id");--> statement-breakpoint
CREATE INDEX "jobs_delivery_date_idx" ON "jobs" USING btree ("delivery_date","id");--> statement-breakpoint
CREATE INDEX "jobs_cost_amount_idx" ON "jobs" USING btree ("cost_amount","id");--> statement-breakpoint
CREATE INDEX "jobs_finance_control_status_idx" ON "jobs" USING btree ("finance_control_status","id");--> statement-breakpoint
CREATE INDEX "jobs_completion_date_idx" ON "jobs" USING btree ("completion_date","id");--> statement-breakpoint
CREATE INDEX "jobs_created_at_idx" ON "jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_updated_at_idx" ON "jobs" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "orders_number_idx" ON "orders" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "orders_client_name_idx" ON "orders" USING btree ("client_name","id");--> statement-breakpoint
CREATE INDEX "orders_transport_type_idx" ON "orders" USING btree ("transport_type","id");--> statement-breakpoint
CREATE INDEX "orders_dispatch_date_idx" ON "orders" USING btree ("dispatch_date","id");--> statement-breakpoint
CREATE INDEX "orders_delivery_date_idx" ON "orders" USING btree ("delivery_date","id");--> statement-breakpoint
CREATE INDEX "orders_finance_control_status_idx" ON "orders" USING btree ("finance_control_status","id");--> statement-breakpoint
CREATE INDEX "orders_cargo_insurance_status_idx" ON "orders" USING btree ("cargo_insurance_status","id");--> statement-breakpoint
CREATE INDEX "orders_tnved_control_status_idx" ON "orders" USING btree ("tnved_control_status","id");--> statement-breakpoint
CREATE INDEX "orders_transfers_status_idx" ON "orders" USING btree ("transfers_status","id");--> statement-breakpoint
CREATE INDEX "orders_marking_status_idx" ON "orders" USING btree ("marking_status","id");--> statement-breakpoint
CREATE INDEX "orders_completion_date_idx" ON "orders" USING btree ("completion_date","id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_updated_at_idx" ON "orders" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "agreement_types_name_idx" ON "agreement_types" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "agreement_types_name_en_idx" ON "agreement_types" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "agreement_types_updated_at_idx" ON "agreement_types" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "banks_name_idx" ON "banks" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "banks_swift_idx" ON "banks" USING btree ("swift","id");--> statement-breakpoint
CREATE INDEX "banks_updated_at_idx" ON "banks" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "contact_info_types_name_idx" ON "contact_info_types" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "contact_info_types_name_en_idx" ON "contact_info_types" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "counterparty_features_name_idx" ON "counterparty_features" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "counterparty_features_name_en_idx" ON "counterparty_features" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "counterparty_features_updated_at_idx" ON "counterparty_features" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "counterparty_statuses_name_idx" ON "counterparty_statuses" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "counterparty_statuses_name_en_idx" ON "counterparty_statuses" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "counterparty_statuses_updated_at_idx" ON "counterparty_statuses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "countries_name_idx" ON "countries" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "countries_name_en_idx" ON "countries" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "countries_updated_at_idx" ON "countries" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "courier_delivery_services_name_idx" ON "courier_delivery_services" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "courier_delivery_services_name_en_idx" ON "courier_delivery_services" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "courier_delivery_services_updated_at_idx" ON "courier_delivery_services" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "currencies_name_idx" ON "currencies" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "currencies_name_en_idx" ON "currencies" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "currencies_minor_units_idx" ON "currencies" USING btree ("minor_units","id");--> statement-breakpoint
CREATE INDEX "currencies_updated_at_idx" ON "currencies" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "file_tag_types_name_idx" ON "file_tag_types" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "file_tag_types_name_en_idx" ON "file_tag_types" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "file_tag_types_updated_at_idx" ON "file_tag_types" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "finance_control_status_reasons_name_en_idx" ON "finance_control_status_reasons" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "finance_control_status_reasons_updated_at_idx" ON "finance_control_status_reasons" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "holidays_name_idx" ON "holidays" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "holidays_name_en_idx" ON "holidays" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "holidays_updated_at_idx" ON "holidays" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "legal_entities_name_idx" ON "legal_entities" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "legal_entities_updated_at_idx" ON "legal_entities" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "material_assets_name_idx" ON "material_assets" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "material_assets_kind_idx" ON "material_assets" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "material_assets_acquisition_date_idx" ON "material_assets" USING btree ("acquisition_date","id");--> statement-breakpoint
CREATE INDEX "material_assets_cost_idx" ON "material_assets" USING btree ("cost","id");--> statement-breakpoint
CREATE INDEX "material_assets_updated_at_idx" ON "material_assets" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "payment_forms_updated_at_idx" ON "payment_forms" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "request_offer_types_name_idx" ON "request_offer_types" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "request_offer_types_name_en_idx" ON "request_offer_types" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "request_offer_types_updated_at_idx" ON "request_offer_types" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "service_offices_code_idx" ON "service_offices" USING btree ("code","id");--> statement-breakpoint
CREATE INDEX "service_offices_address_idx" ON "service_offices" USING btree ("address","id");--> statement-breakpoint
CREATE INDEX "service_offices_updated_at_idx" ON "service_offices" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "vehicle_types_name_idx" ON "vehicle_types" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "vehicle_types_name_en_idx" ON "vehicle_types" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "vehicle_types_transport_type_idx" ON "vehicle_types" USING btree ("transport_type","id");--> statement-breakpoint
CREATE INDEX "vehicle_types_capacity_kg_idx" ON "vehicle_types" USING btree ("capacity_kg","id");--> statement-breakpoint
CREATE INDEX "vehicle_types_volume_m3_idx" ON "vehicle_types" USING btree ("volume_m3","id");--> statement-breakpoint
CREATE INDEX "customs_points_name_idx" ON "customs_points" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "customs_points_name_en_idx" ON "customs_points" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "customs_points_updated_at_idx" ON "customs_points" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "customs_responsibilities_name_en_idx" ON "customs_responsibilities" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "customs_responsibilities_updated_at_idx" ON "customs_responsibilities" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "job_types_name_idx" ON "job_types" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "job_types_name_en_idx" ON "job_types" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "job_types_updated_at_idx" ON "job_types" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "loading_unloading_methods_name_idx" ON "loading_unloading_methods" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "loading_unloading_methods_name_en_idx" ON "loading_unloading_methods" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_name_en_idx" ON "products" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "products_max_dispatch_points_idx" ON "products" USING btree ("max_dispatch_points","id");--> statement-breakpoint
CREATE INDEX "products_max_delivery_points_idx" ON "products" USING btree ("max_delivery_points","id");--> statement-breakpoint
CREATE INDEX "products_updated_at_idx" ON "products" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "services_name_idx" ON "services" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "services_name_en_idx" ON "services" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "services_transport_type_idx" ON "services" USING btree ("transport_type","id");--> statement-breakpoint
CREATE INDEX "services_updated_at_idx" ON "services" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "shipment_terms_name_idx" ON "shipment_terms" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "shipment_terms_name_en_idx" ON "shipment_terms" USING btree ("name_en","id");--> statement-breakpoint
CREATE INDEX "shipment_terms_type_idx" ON "shipment_terms" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "shipment_terms_updated_at_idx" ON "shipment_terms" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "stage_types_name_idx" ON "stage_types" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "stage_types_pcc_name_idx" ON "stage_types" USING btree ("pcc_name","id");--> statement-breakpoint
CREATE INDEX "stage_types_ops_name_idx" ON "stage_types" USING btree ("ops_name","id");--> statement-breakpoint
CREATE INDEX "stage_types_sort_order_idx" ON "stage_types" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "stage_types_updated_at_idx" ON "stage_types" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "users_contact_name_idx" ON "users" USING btree ("contact_name","id");--> statement-breakpoint
CREATE INDEX "users_contact_email_idx" ON "users" USING btree ("contact_email","id");--> statement-breakpoint
CREATE INDEX "users_last_login_at_idx" ON "users" USING btree ("last_login_at","id");