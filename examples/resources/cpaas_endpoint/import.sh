# Import an endpoint by its endpoint_id. The API never returns the password:
# with no password configured the endpoint keeps the one it has; a configured
# password (or password_wo) is set again by the first apply, in place.
terraform import cpaas_endpoint.desk 39452475478853
