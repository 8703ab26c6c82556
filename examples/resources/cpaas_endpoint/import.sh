# Import an endpoint by its endpoint_id. The API never returns the password,
# so the first apply after an import sets the configured password again.
terraform import cpaas_endpoint.desk 39452475478853
