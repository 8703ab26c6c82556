# Import a pool member as "<powerpack UUID>/<number>".
terraform import cpaas_powerpack_number.sf 3f1c2a7e-5b8d-4c19-a0e2-7d6b9f4e8c31/14155550100
