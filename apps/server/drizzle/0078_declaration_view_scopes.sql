-- Hand-written (docs/customs.md "Who does what"): reading customs declarations became a scoped permission,
-- ROLE_CUSTOMS_DECLARATION_VIEW_{OWN,OFFICE,ALL}; whoever held the unscoped ROLE_CUSTOMS_DECLARATION_VIEW read
-- every declaration, so they keep that as ROLE_CUSTOMS_DECLARATION_VIEW_ALL.
UPDATE "access_groups" SET "roles" = array_replace("roles", 'ROLE_CUSTOMS_DECLARATION_VIEW', 'ROLE_CUSTOMS_DECLARATION_VIEW_ALL')
  WHERE 'ROLE_CUSTOMS_DECLARATION_VIEW' = ANY("roles");--> statement-breakpoint
UPDATE "users" SET "roles" = array_replace("roles", 'ROLE_CUSTOMS_DECLARATION_VIEW', 'ROLE_CUSTOMS_DECLARATION_VIEW_ALL')
  WHERE 'ROLE_CUSTOMS_DECLARATION_VIEW' = ANY("roles");--> statement-breakpoint
UPDATE "users" SET "effective_roles" = array_replace("effective_roles", 'ROLE_CUSTOMS_DECLARATION_VIEW', 'ROLE_CUSTOMS_DECLARATION_VIEW_ALL')
  WHERE 'ROLE_CUSTOMS_DECLARATION_VIEW' = ANY("effective_roles");
